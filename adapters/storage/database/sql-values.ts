/** The values a statement binds and the rows it answers, as both drivers give them. */
export type SqlValue = string | number | null | Buffer;
export type Raw = Record<string, any>;
