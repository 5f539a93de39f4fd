/** A form sent with problems: how many, next to its buttons, and the way to the first. */
export const formProblems = {
  summary_one: '{{count}} field needs your attention.',
  summary_other: '{{count}} fields need your attention.',
  show: 'Show',
};
