/** When a turn started and when its first text delta arrived (`performance.now()`). */
export interface FirstTokenTiming {
  started: number;
  firstToken: number;
}
