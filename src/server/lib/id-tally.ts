/** Capacity of a new tally (slots); it doubles when three quarters full. */
const FIRST_CAPACITY = 1024;

/**
 * Counts and the last time per positive integer id, in typed arrays (open addressing, linear
 * probing): counting allocates nothing, and `clear()` keeps the capacity, so a tally that fills up
 * to the same size again grows nothing. Two Maps per batch of look-up counts regrew from empty
 * after every flush: at 95,000 signatures looked up, ~16 MB of hash tables made and dropped every
 * 10 s, and one to three full collections around each flush (decision 043).
 */
export class IdTally {
  /** Ids; 0 marks an empty slot. */
  private keys = new Float64Array(FIRST_CAPACITY);
  private counts = new Uint32Array(FIRST_CAPACITY);
  private times = new Float64Array(FIRST_CAPACITY);
  private used = 0;

  /** Ids counted since the last clear(). */
  get size() {
    return this.used;
  }

  /** Counts one for `id` (a positive integer) at time `at`, the latest time kept. */
  add(id: number, at: number) {
    if (!(Number.isSafeInteger(id) && id > 0)) throw new RangeError(`not a positive integer id: ${id}`);
    let slot = this.slotOf(id);
    if (this.keys[slot] === 0) {
      if ((this.used + 1) * 4 > this.keys.length * 3) {
        this.grow();
        slot = this.slotOf(id);
      }
      this.keys[slot] = id;
      this.used++;
    }
    this.counts[slot]!++;
    this.times[slot] = at;
  }

  /** The count and last time of `id`, or undefined if it was not counted. */
  get(id: number): { count: number; at: number } | undefined {
    const slot = this.slotOf(id);
    return this.keys[slot] === 0 ? undefined : { count: this.counts[slot]!, at: this.times[slot]! };
  }

  /** Every id counted, in no particular order. */
  ids(): Float64Array {
    const out = new Float64Array(this.used);
    let n = 0;
    for (let slot = 0; slot < this.keys.length; slot++)
      if (this.keys[slot] !== 0) out[n++] = this.keys[slot]!;
    return out;
  }

  /** Empties the tally; its capacity stays unless it is far larger than what was in it. */
  clear() {
    if (this.keys.length > FIRST_CAPACITY && this.used * 16 < this.keys.length) {
      this.allocate(Math.max(FIRST_CAPACITY, nextPowerOfTwo(this.used * 2)));
    } else {
      this.keys.fill(0);
      this.counts.fill(0);
    }
    this.used = 0;
  }

  /** The slot holding `id`, or the empty one where it would go. */
  private slotOf(id: number): number {
    const mask = this.keys.length - 1;
    // a multiplicative hash of the id's low 32 bits: neighbouring ids land far apart
    let slot = Math.imul(id | 0, 0x9e3779b1) >>> 0;
    slot = (slot ^ (slot >>> 16)) & mask;
    while (this.keys[slot] !== 0 && this.keys[slot] !== id) slot = (slot + 1) & mask;
    return slot;
  }

  private grow() {
    const { keys, counts, times } = this;
    this.allocate(keys.length * 2);
    for (let old = 0; old < keys.length; old++) {
      if (keys[old] === 0) continue;
      const slot = this.slotOf(keys[old]!);
      this.keys[slot] = keys[old]!;
      this.counts[slot] = counts[old]!;
      this.times[slot] = times[old]!;
    }
  }

  private allocate(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.counts = new Uint32Array(capacity);
    this.times = new Float64Array(capacity);
  }
}

const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));
