/** Same keys as the reference locale, any string values: a missing key does not compile. */
export type LocaleShape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : LocaleShape<T[K]>;
};
