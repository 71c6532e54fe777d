/** One shared tooltip for chart segments, shown on hover and on keyboard focus. */

export class Tooltip {
  constructor(private readonly node: HTMLElement) {
    node.hidden = true;
  }

  show(target: HTMLElement, text: string): void {
    this.node.textContent = text;
    this.node.hidden = false;
    const box = target.getBoundingClientRect();
    const tip = this.node.getBoundingClientRect();
    const margin = 6;
    let left = box.left + box.width / 2 - tip.width / 2;
    left = Math.max(margin, Math.min(left, window.innerWidth - tip.width - margin));
    let top = box.top - tip.height - margin;
    if (top < margin) top = box.bottom + margin;
    this.node.style.left = `${Math.round(left)}px`;
    this.node.style.top = `${Math.round(top)}px`;
  }

  hide(): void {
    this.node.hidden = true;
  }
}
