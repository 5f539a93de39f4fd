/**
 * What the timing helpers need of a page: running a self-contained function in it. Playwright's
 * `Page` and {@link BareChromium} both are one.
 */
export interface PageEvaluator {
  evaluate<R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg: Arg): Promise<R>;
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
}
