/**
 * The office documents' PDF writer over pdfkit: paragraphs, headings and tables that break pages, in DejaVu Sans when
 * installed, else Helvetica with the text reduced to Latin-1 (accents removed).
 */
import type PDFDocument from 'pdfkit';

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
export const UNICODE_FONTS = { regular: `${FONT_DIR}/DejaVuSans.ttf`, bold: `${FONT_DIR}/DejaVuSans-Bold.ttf` };

export type Doc = InstanceType<typeof PDFDocument>;
export const MARGIN = 42;
const A4_HEIGHT = 841.89;
export const BOTTOM = A4_HEIGHT - MARGIN;

/** Letters that do not decompose into a base letter and an accent. */
const PLAIN: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Œ: 'OE',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
};

/** Latin-1 only (the standard PDF fonts): accents removed, anything else '?'. */
export function latin1Text(text: string): string {
  return text
    .replace(/[–—]/g, '-')
    .replace(/[ŁłĐđĦħıŒœŦŧ]/g, (c) => PLAIN[c]!)
    .normalize('NFC')
    .replace(/[^\u0000-\u00ff]/g, (c) =>
      c
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\u0000-\u00ff]/g, '?'),
    );
}

export class Writer {
  readonly width: number;
  constructor(
    readonly doc: Doc,
    private readonly unicode: boolean,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  text(value: string): string {
    return this.unicode ? value : latin1Text(value);
  }

  font(bold: boolean, size: number): this {
    this.doc.font(bold ? 'bold' : 'regular').fontSize(size);
    return this;
  }

  /** Starts a new page when less than `height` points are left. */
  room(height: number): void {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
  }

  heading(title: string): void {
    this.room(60);
    this.doc.moveDown(0.6);
    this.font(true, 12).doc.fillColor('#212529').text(this.text(title), MARGIN, this.doc.y, { width: this.width });
    const y = this.doc.y + 1;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.5)
      .strokeColor('#ced4da')
      .stroke();
    this.doc.y = y + 4;
  }

  para(value: string, options: { size?: number; bold?: boolean; colour?: string; indent?: number } = {}): void {
    this.font(options.bold ?? false, options.size ?? 9.5);
    const indent = options.indent ?? 0;
    this.room(this.doc.heightOfString(this.text(value), { width: this.width - indent }) + 2);
    this.doc
      .fillColor(options.colour ?? '#212529')
      .text(this.text(value), MARGIN + indent, this.doc.y, { width: this.width - indent });
  }

  /** A table with fixed column widths (fractions of the text width); the header row in bold. */
  table(header: string[], rows: string[][], widths: number[]): void {
    const draw = (cells: string[], bold: boolean) => {
      this.font(bold, 8);
      const heights = cells.map((c, i) =>
        this.doc.heightOfString(this.text(c), { width: widths[i]! * this.width - 4 }),
      );
      const h = Math.max(...heights) + 4;
      this.room(h);
      const y = this.doc.y;
      let x = MARGIN;
      cells.forEach((c, i) => {
        const w = widths[i]! * this.width;
        this.doc.rect(x, y, w, h).lineWidth(0.4).strokeColor('#dee2e6').stroke();
        this.doc.fillColor('#212529').text(this.text(c), x + 2, y + 2, { width: w - 4 });
        x += w;
      });
      this.doc.y = y + h;
    };
    draw(header, true);
    for (const r of rows) draw(r, false);
    this.doc.x = MARGIN;
  }

  /** Label / value rows: the label in grey, the value beside it (wrapped in its column). */
  fields(rows: [string, string][], indent = 0): void {
    const labelWidth = 0.26 * (this.width - indent);
    const valueWidth = this.width - indent - labelWidth;
    for (const [label, value] of rows) {
      this.font(false, 8.5);
      const h = Math.max(
        this.doc.heightOfString(this.text(label), { width: labelWidth - 4 }),
        this.doc.heightOfString(this.text(value), { width: valueWidth }),
      );
      this.room(h + 1);
      const y = this.doc.y;
      this.doc.fillColor('#495057').text(this.text(label), MARGIN + indent, y, { width: labelWidth - 4 });
      this.doc.fillColor('#212529').text(this.text(value), MARGIN + indent + labelWidth, y, { width: valueWidth });
      this.doc.y = y + h + 1;
    }
    this.doc.x = MARGIN;
  }
}
