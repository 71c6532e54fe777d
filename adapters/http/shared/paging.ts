/** Every page of a paged list: pages of the API's maximum size until the total is reached (or a page is empty). */
export const MAX_PAGE = 5000;

export async function allPages<T>(
  page: (offset: number, limit: number) => Promise<{ items: T[]; total: number }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += MAX_PAGE) {
    const next = await page(offset, MAX_PAGE);
    items.push(...next.items);
    if (next.items.length === 0 || items.length >= next.total) return items;
  }
}
