import { Fragment } from 'react';

/** The query's words, for marking them in a snippet (case-insensitive, longest first). */
export function queryPattern(query: string): RegExp | null {
  const words = query
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '')
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
  return words.length > 0 ? new RegExp(`(${words.join('|')})`, 'giu') : null;
}

/** A search hit's surrounding text with the query's words marked. */
export function Snippet({ text, query }: { text: string; query: string }) {
  const pattern = queryPattern(query);
  const parts = pattern ? text.split(pattern) : [text];
  return (
    <span className="conversation-item__snippet">
      {parts.map((part, index) =>
        // split() with a capturing group puts the matches at odd indexes.
        index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
      )}
    </span>
  );
}
