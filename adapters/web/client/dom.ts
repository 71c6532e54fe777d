/** A small element builder; text goes through textContent, never innerHTML. */

export interface ElementProps {
  class?: string;
  text?: string;
  attrs?: Record<string, string>;
  data?: Record<string, string>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElementProps = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined) node.textContent = props.text;
  for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
  for (const [k, v] of Object.entries(props.data ?? {})) node.dataset[k] = v;
  for (const child of children) node.append(child);
  return node;
}

/** The technical detail of a message (codes, the service's own words), closed until a person opens it. */
export function technicalDetail(...lines: string[]): HTMLElement {
  return el(
    'details',
    { class: 'technical' },
    el('summary', { text: 'Technical detail' }),
    ...lines.map((line) => el('p', { class: 'meta', text: line })),
  );
}

export function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`page element #${id} is missing`);
  return node as T;
}

/** Positions an element on the day axis; CSSOM writes are allowed under a strict style-src CSP. */
export function place(node: HTMLElement, left: number, width: number): void {
  node.style.left = `${left}%`;
  node.style.width = `${width}%`;
}
