/**
 * Just enough of a DOM for node tests of the web client's renderers (../client/): elements built with
 * `el()` (class, text, attributes, data-*, children, click listeners) and document fragments, whose children
 * move on append as in a browser. `installFakeDocument` sets `globalThis.document` and returns the undo.
 * Layout, styles and selectors are the browser tests' business (../web/*.e2e.test.ts).
 */

type Child = FakeNode | string;

export class FakeNode {
  childNodes: Child[] = [];

  append(...children: Child[]): void {
    for (const child of children) {
      if (child instanceof FakeFragment) this.childNodes.push(...child.childNodes.splice(0));
      else this.childNodes.push(child);
    }
  }

  prepend(...children: Child[]): void {
    const rest = this.childNodes.splice(0);
    this.append(...children);
    this.childNodes.push(...rest);
  }

  replaceChildren(...children: Child[]): void {
    this.childNodes = [];
    this.append(...children);
  }

  get textContent(): string {
    return this.childNodes.map((c) => (typeof c === 'string' ? c : c.textContent)).join('');
  }

  set textContent(text: string) {
    this.childNodes = text === '' ? [] : [text];
  }

  /** Every element below this node, depth first, in document order. */
  elements(): FakeElement[] {
    return this.childNodes.flatMap((c) => (c instanceof FakeElement ? [c, ...c.elements()] : []));
  }

  /** The elements below matching a simple selector: a tag, classes or both (`.a`, `li.a.b`), in document order. */
  querySelectorAll(selector: string): FakeElement[] {
    const [tag, ...classes] = selector.split('.');
    return this.elements().filter(
      (e) => (tag === '' || e.tagName === tag) && classes.every((c) => e.classList.includes(c)),
    );
  }

  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  /** The elements below whose tag is `tag` (lower case) and that carry every class of `classes`. */
  find(tag: string, ...classes: string[]): FakeElement[] {
    return this.elements().filter((e) => e.tagName === tag && classes.every((c) => e.classList.includes(c)));
  }
}

export class FakeFragment extends FakeNode {}

export interface FakeEvent {
  type: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

export class FakeElement extends FakeNode {
  className = '';
  readonly attributes = new Map<string, string>();
  readonly dataset: Record<string, string> = {};
  readonly style: Record<string, string> = {};
  private readonly listeners = new Map<string, ((event: FakeEvent) => void)[]>();

  constructor(readonly tagName: string) {
    super();
  }

  get classList(): string[] {
    return this.className.split(/\s+/).filter(Boolean);
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  /** An input's value: its `value` attribute, as a browser's input starts from it. */
  get value(): string {
    return this.getAttribute('value') ?? '';
  }

  set value(text: string) {
    this.setAttribute('value', text);
  }

  addEventListener(type: string, listener: (event: FakeEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  click(): void {
    this.dispatch('click');
  }

  /** Runs the listeners of `type` with an event that records whether the default was prevented. */
  dispatch(type: string): FakeEvent {
    const event: FakeEvent = { type, defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
    for (const listener of this.listeners.get(type) ?? []) listener(event);
    return event;
  }
}

/** Sets `globalThis.document` to a fake for the renderers; the returned function restores what was there. */
export function installFakeDocument(): () => void {
  const global = globalThis as { document?: unknown };
  const before = global.document;
  global.document = {
    createElement: (tag: string) => new FakeElement(tag.toLowerCase()),
    createDocumentFragment: () => new FakeFragment(),
  };
  return () => {
    if (before === undefined) delete global.document;
    else global.document = before;
  };
}

/** A renderer's result (typed for the browser) as the fake it is. */
export function asFake(node: unknown): FakeNode {
  if (!(node instanceof FakeNode)) throw new Error('not built on the fake document');
  return node;
}
