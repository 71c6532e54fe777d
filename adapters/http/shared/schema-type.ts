/**
 * The TypeScript type of a JSON Schema declared `as const`: json-schema-to-ts's FromSchema, with the options this
 * interface needs. Type-only: nothing of json-schema-to-ts reaches the compiled JavaScript.
 */
import type { FromSchema as FromJsonSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * `T` without the `[key: string]: unknown` an object schema without `additionalProperties: false` admits: the
 * answers' schemas leave room for fields added later, but a reader of this version reads the declared ones.
 */
export type Declared<T> = T extends readonly (infer U)[]
  ? Declared<U>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: Declared<T[K]> }
    : T;

/** The type an answer or a query value of `S` has (a defaulted property stays optional). */
export type FromSchema<S> = S extends JSONSchema
  ? Declared<FromJsonSchema<S, { keepDefaultedPropertiesOptional: true }>>
  : never;
