// A play timer: counts seconds while running, shown as m:ss (or h:mm:ss).

/**
 * @param {number} total
 * @returns {string}
 */
export function formatSeconds(total) {
  const seconds = Math.floor(total % 60);
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  /** @type {(n: number) => string} */
  const two = (n) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

export class Timer {
  /** @param {(seconds: number) => void} onTick told the count at each start, stop and second */
  constructor(onTick) {
    this.onTick = onTick;
    this.elapsed = 0; // seconds banked before the current run
    /** @type {number | null} */
    this.startedAt = null;
    /** @type {number | undefined} */
    this.handle = null;
  }

  /** @returns {number} */

  seconds() {
    const running = this.startedAt === null ? 0 : (Date.now() - this.startedAt) / 1000;
    return this.elapsed + running;
  }

  get running() {
    return this.startedAt !== null;
  }

  /** @param {number} [elapsed] the seconds to count from */
  reset(elapsed = 0) {
    this.stop();
    this.elapsed = elapsed;
    this.onTick(this.seconds());
  }

  start() {
    if (this.running) return;
    this.startedAt = Date.now();
    this.handle = window.setInterval(() => this.onTick(this.seconds()), 1000);
    this.onTick(this.seconds());
  }

  stop() {
    if (!this.running) return;
    this.elapsed = this.seconds();
    this.startedAt = null;
    window.clearInterval(this.handle);
    this.handle = null;
    this.onTick(this.seconds());
  }
}
