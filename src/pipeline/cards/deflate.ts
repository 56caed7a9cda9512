import type { RowRun } from './png.ts';

/**
 * A social card's changed rows encoded as deflate data without zlib, for the PNG encoder's runs.
 *
 * # Design decision
 * zlib (`compressRun`, Z_RLE) read every byte of a card's changed rows, about 360 KB: 4.1 of the
 * 6.8 CPU-s the bench's 4,520 cards took in a cold build (2026-11-29, `--cpu-prof`). Half of each
 * of those rows is the card's image, the same on every card of a base. Here a row is read only up
 * to `split`, runs are found four bytes at a time, and the rest of the row is appended as bits
 * encoded once per base (`encodeTail`). The symbols are zlib's Z_RLE ones (a literal, then its
 * repeats as matches at distance 1), in one block whose Huffman codes are made once per base
 * (`blockCodes`, from a sample card drawn on it), so a card's bytes do not depend on the cards
 * painted before it. The block ends byte-aligned as a zlib full flush does, so it joins the runs
 * `compressRun` makes.
 *
 * Painting 3,000 cards alone, five rounds alternated: 0.90–1.31 against 1.29–1.54 CPU-ms a card
 * with zlib; 27.2 against 25.3 KB a card, the cost of one set of codes for every card (codes from
 * each card's own symbols made it 25.5 KB, at 12 ms a card to make them). Codes are at most 10
 * bits (deflate allows 15): a match then fits in 16 bits and the writer keeps one 32-bit word.
 */

/** A deflate block's codes (bit-reversed, as deflate writes them) for literals, the end of the block and matches at distance 1. */
export interface BlockCodes {
  literalCode: Uint16Array;
  literalLength: Uint8Array;
  /** By match length 3–258: the length's code, its extra bits and the one-bit distance code, as one string of bits. */
  matchCode: Uint32Array;
  matchLength: Uint8Array;
  endCode: number;
  endLength: number;
  /** The block's header: not the last block, dynamic codes, and the codes themselves. */
  header: Tail;
}

/** Bits encoded on their own: `bits` of them in `data`, low bit first, the last byte's high bits unused. */
export interface Tail {
  data: Uint8Array;
  bits: number;
}

/** The longest code `blockCodes` makes (deflate allows 15): a match then takes at most 16 bits (`BitWriter.bytes`). */
const MAX_CODE = 10;
/** Literals 0–255, the end of block (256), lengths 257–285. */
const SYMBOLS = 286;
const END = 256;
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
/** The length code (0–28, symbol 257 + it) of each match length. */
const LENGTH_CODE = Uint8Array.from({ length: 259 }, (_, length) => {
  let k = LENGTH_BASE.length - 1;
  while (k > 0 && LENGTH_BASE[k]! > length) k--;
  return k;
});
/** The order in which the code-length code's lengths are written (RFC 1951, 3.2.7). */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** How a run of `run` repeats is cut into matches: at most 258 each, none leaving 1 or 2 behind. */
const nextMatch = (run: number) => (run <= 258 ? run : run - 258 < 3 ? run - 3 : 258);

/** Counts the symbols `BitWriter.bytes` would write for `data[from..to)` into `counts`. */
export function countSymbols(data: Uint8Array, from: number, to: number, counts: Uint32Array): void {
  for (let i = from; i < to;) {
    const value = data[i]!;
    counts[value]!++;
    let j = ++i;
    while (j < to && data[j] === value) j++;
    let run = j - i;
    for (; run >= 3; run -= nextMatch(run)) counts[257 + LENGTH_CODE[nextMatch(run)]!]!++;
    counts[value]! += run;
    i = j;
  }
}

/** Codes for a block from how often each symbol is expected; every symbol gets one, so any bytes can be written. */
export function blockCodes(counts: Uint32Array): BlockCodes {
  const lengths = limitedLengths(
    Array.from({ length: SYMBOLS }, (_, s) => (counts[s] ?? 0) + 1),
    MAX_CODE,
  );
  const codes = canonicalCodes(lengths);
  const literalCode = Uint16Array.from({ length: 256 }, (_, s) => codes[s]!);
  const literalLength = Uint8Array.from({ length: 256 }, (_, s) => lengths[s]!);
  const matchCode = new Uint32Array(259);
  const matchLength = new Uint8Array(259);
  for (let length = 3; length <= 258; length++) {
    const k = LENGTH_CODE[length]!;
    const symbol = 257 + k;
    // The distance code follows the length's extra bits: one code of one bit, 0.
    matchCode[length] = codes[symbol]! | ((length - LENGTH_BASE[k]!) << lengths[symbol]!);
    matchLength[length] = lengths[symbol]! + LENGTH_EXTRA[k]! + 1;
  }
  return { literalCode, literalLength, matchCode, matchLength, endCode: codes[END]!, endLength: lengths[END]!, header: blockHeader(lengths) };
}

/** Not the last block (0), dynamic codes (10), then the code lengths, each written with a code of their own. */
function blockHeader(lengths: Uint8Array): Tail {
  // One distance code (distance 1), of one bit: zlib's inflate takes a lone distance code so.
  const all = [...lengths, 1];
  const counts = new Array<number>(19).fill(0);
  for (const length of all) counts[length]!++;
  // A code needs two symbols at least to be complete.
  if (counts.filter(Boolean).length < 2) counts[counts[0] ? 1 : 0]! += 1;
  const metaLengths = limitedLengths(counts, 7);
  const metaCodes = canonicalCodes(metaLengths);
  const bits = new BitWriter(16 + 19 + all.length * 2);
  bits.write(0b100, 3);
  bits.write(SYMBOLS - 257, 5);
  bits.write(0, 5); // one distance code
  bits.write(19 - 4, 4);
  for (const symbol of CODE_LENGTH_ORDER) bits.write(metaLengths[symbol]!, 3);
  for (const length of all) bits.write(metaCodes[length]!, metaLengths[length]!);
  return bits.tail();
}

/** What `encodeRows` lets `textSide` write a row's bytes with: runs, and bits encoded before. */
export interface RowWriter {
  /** `length` bytes of `value`, a run of its own: what `bytes` writes for them when the bytes around them differ. */
  run(value: number, length: number, codes: BlockCodes): void;
  append(tail: Tail): void;
}

/**
 * Rows `first` to `end` (each `stride` bytes) as one deflate block in `codes`, ended byte-aligned
 * with an empty stored block as a zlib full flush is. Row `row` is read up to `splitOf(row)`;
 * if that is before its end, `tail(row)` is appended for the rest, which must be the base's bytes.
 * `textSide(row, writer)`, when given, may write such a row's bytes up to the split itself,
 * without them being read, and says whether it did.
 */
export function encodeRows(
  rows: Uint8Array,
  stride: number,
  first: number,
  end: number,
  codes: BlockCodes,
  splitOf: (row: number) => number,
  tail: (row: number) => Tail,
  adler: number,
  textSide?: (row: number, writer: RowWriter) => boolean,
): RowRun {
  const bits = sharedWriter(Math.ceil(((end - first) * stride * 15) / 8) + codes.header.data.length + 16);
  bits.append(codes.header);
  // Runs are found four bytes at a time where the rows are aligned for it (a card's are).
  const words = rows.byteOffset % 4 === 0 ? new Uint32Array(rows.buffer, rows.byteOffset, rows.length >> 2) : undefined;
  // Rows read whole are read as one stretch, so a run of one value goes on across them.
  let from = first * stride;
  for (let row = first; row < end; row++) {
    const split = splitOf(row);
    if (split >= stride) continue;
    if (from !== row * stride || !textSide?.(row, bits)) bits.bytes(rows, words, from, row * stride + split, codes);
    bits.append(tail(row));
    from = (row + 1) * stride;
  }
  bits.bytes(rows, words, from, end * stride, codes);
  bits.write(codes.endCode, codes.endLength);
  bits.write(0, 3); // a stored block, not the last
  bits.align();
  bits.write(0, 16); // LEN 0
  bits.write(0xffff, 16); // NLEN
  return { compressed: bits.done(), adler, length: (end - first) * stride };
}

/** `bytes` encoded on their own in `codes`, for `encodeRows` to append after a row's first part. */
export function encodeTail(bytes: Uint8Array, codes: BlockCodes): Tail {
  // Not the shared writer: a tail is encoded while a card's rows are being written.
  const bits = new BitWriter(Math.ceil((bytes.length * 15) / 8) + 8);
  bits.bytes(bytes, undefined, 0, bytes.length, codes);
  return bits.tail();
}

/** Bits written from each byte's low bit up. */
class BitWriter {
  readonly #out: Buffer;
  #at = 0;
  #pending = 0;
  #count = 0;

  constructor(size: number) {
    this.#out = Buffer.alloc(size);
  }

  get size(): number {
    return this.#out.length;
  }

  reset(): void {
    this.#at = this.#pending = this.#count = 0;
  }

  /** The low `length` bits of `value` (at most 24 of them), low bit first. */
  write(value: number, length: number): void {
    this.#pending |= value << this.#count;
    this.#count += length;
    while (this.#count >= 8) {
      this.#out[this.#at++] = this.#pending & 0xff;
      this.#pending >>>= 8;
      this.#count -= 8;
    }
  }

  /**
   * `data[from..to)`: each value a literal, its repeats after it matches at distance 1 (the first
   * byte is a literal: nothing before it is in this block). `words`, when given, is `data` seen
   * as 32-bit words, for finding runs four bytes at a time. The writer's state is held in locals
   * here: a card is some 30,000 symbols, and with the fields this loop took as long as zlib.
   */
  bytes(data: Uint8Array, words: Uint32Array | undefined, from: number, to: number, codes: BlockCodes): void {
    const { literalCode, literalLength, matchCode, matchLength } = codes;
    const out = this.#out;
    let at = this.#at;
    let pending = this.#pending;
    let count = this.#count;
    const wordsEnd = to >> 2;
    for (let i = from; i < to;) {
      const value = data[i]!;
      let j = i + 1;
      while (j < to && data[j] === value && (!words || (j & 3) !== 0)) j++;
      if (words && j < to && data[j] === value) {
        const four = value * 0x01010101;
        let w = j >> 2;
        while (w < wordsEnd && words[w] === four) w++;
        j = w << 2;
        while (j < to && data[j] === value) j++;
      }
      // The literal, then its repeats: matches while 3 or more are left, literals for the rest.
      // No code is over 10 bits, so a match is at most 16 and fits beside 15 pending bits.
      for (let left = j - i, literal = true; left > 0; literal = false) {
        const n = literal || left < 3 ? 1 : nextMatch(left);
        left -= n;
        pending |= (n === 1 ? literalCode[value]! : matchCode[n]!) << count;
        count += n === 1 ? literalLength[value]! : matchLength[n]!;
        if (count >= 16) {
          out[at++] = pending & 0xff;
          out[at++] = (pending >>> 8) & 0xff;
          pending >>>= 16;
          count -= 16;
        }
      }
      i = j;
    }
    for (; count >= 8; count -= 8) {
      out[at++] = pending & 0xff;
      pending >>>= 8;
    }
    this.#at = at;
    this.#pending = pending;
    this.#count = count;
  }

  run(value: number, length: number, codes: BlockCodes): void {
    this.write(codes.literalCode[value]!, codes.literalLength[value]!);
    for (let left = length - 1; left > 0;) {
      const n = left < 3 ? 1 : nextMatch(left);
      left -= n;
      if (n === 1) this.write(codes.literalCode[value]!, codes.literalLength[value]!);
      else this.write(codes.matchCode[n]!, codes.matchLength[n]!);
    }
  }

  /** `tail`'s bits after those written: whole bytes shifted by the bits pending, in a loop of their own. */
  append(tail: Tail): void {
    const { data, bits } = tail;
    const whole = bits >> 3;
    const out = this.#out;
    const count = this.#count;
    let at = this.#at;
    let pending = this.#pending;
    for (let i = 0; i < whole; i++) {
      pending |= data[i]! << count;
      out[at++] = pending & 0xff;
      pending >>>= 8;
    }
    this.#at = at;
    this.#pending = pending;
    if (bits & 7) this.write(data[whole]!, bits & 7);
  }

  align(): void {
    if (this.#count) this.write(0, 8 - this.#count);
  }

  /** A copy of the bytes written (the buffer is the next card's), which must end on a byte. */
  done(): Buffer {
    if (this.#count) throw new Error('the deflate data does not end on a byte');
    return Buffer.from(this.#out.subarray(0, this.#at));
  }

  /** What was written, to be appended elsewhere. */
  tail(): Tail {
    const bits = this.#at * 8 + this.#count;
    this.align();
    return { data: Uint8Array.from(this.#out.subarray(0, this.#at)), bits };
  }
}

let shared: BitWriter | undefined;

/** One writer for every card, emptied, with room for `size` bytes. */
function sharedWriter(size: number): BitWriter {
  if (!shared || shared.size < size) shared = new BitWriter(size);
  shared.reset();
  return shared;
}

/**
 * Huffman code lengths of at most `limit` bits for symbols used `weights` times (0: no code).
 * Over the limit, the weights are halved (keeping each used symbol's above 0) and it is tried
 * again, as some encoders do; a card's codes are made once per base.
 */
function limitedLengths(weights: number[], limit: number): Uint8Array {
  for (;;) {
    const lengths = huffmanLengths(weights);
    if (lengths.every((length) => length <= limit)) return lengths;
    weights = weights.map((w) => (w ? Math.max(1, w >> 1) : 0));
  }
}

/**
 * Each symbol's depth in a Huffman tree of `weights` (0: no code). The leaves are sorted once
 * (ties by symbol) and merged from two queues, the leaves' and the merged nodes', which come out
 * in order of weight too; a tie takes the leaf first. Sorting all the nodes again for every merge
 * took 19 ms a base, 0.65 CPU-s of a cold build of the bench.
 */
function huffmanLengths(weights: number[]): Uint8Array {
  const lengths = new Uint8Array(weights.length);
  const leaves = weights.flatMap((w, symbol) => (w > 0 ? [symbol] : [])).sort((a, b) => weights[a]! - weights[b]! || a - b);
  const n = leaves.length;
  if (n === 1) lengths[leaves[0]!] = 1;
  if (n < 2) return lengths;
  // Nodes 0 to n - 1 are the leaves, n to 2n - 2 the merged ones in the order they are made.
  const weight = new Float64Array(2 * n - 1);
  const parent = new Int32Array(2 * n - 1);
  leaves.forEach((symbol, i) => (weight[i] = weights[symbol]!));
  let leaf = 0;
  let merged = n;
  let next = n;
  const lightest = () => (leaf < n && (merged === next || weight[leaf]! <= weight[merged]!) ? leaf++ : merged++);
  for (; next < 2 * n - 1; next++) {
    const a = lightest();
    const b = lightest();
    weight[next] = weight[a]! + weight[b]!;
    parent[a] = parent[b] = next;
  }
  // A node's parent is made after it: depths from the root (the last node) down.
  const depth = new Uint16Array(2 * n - 1);
  for (let i = 2 * n - 3; i >= 0; i--) depth[i] = depth[parent[i]!]! + 1;
  leaves.forEach((symbol, i) => (lengths[symbol] = Math.min(255, depth[i]!)));
  return lengths;
}

/** Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed. */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const perLength = new Array<number>(16).fill(0);
  for (const length of lengths) if (length) perLength[length]!++;
  const next = new Array<number>(16).fill(0);
  for (let length = 1, code = 0; length < 16; length++) {
    code = (code + perLength[length - 1]!) << 1;
    next[length] = code;
  }
  return Uint16Array.from(lengths, (length) => (length ? reverse(next[length]!++, length) : 0));
}

function reverse(code: number, length: number): number {
  let out = 0;
  for (let i = 0; i < length; i++) out |= ((code >> i) & 1) << (length - 1 - i);
  return out;
}
