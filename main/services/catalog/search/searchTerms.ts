import { stemmer } from 'stemmer';

/**
 * Words that say nothing about which tool is meant: articles, pronouns, auxiliaries. Question
 * words stay ("who is on call" is about who), and BM25 already weighs common words down.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could did do does for from i in into is it its me my of on ' +
    'or our please so that the their then there these they this to us was we will with would ' +
    'you your'
  ).split(' '),
);

/** Han, Hiragana, Katakana and Hangul: scripts written without spaces between words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The words of a tool's text or of a query: identifiers split at `_`, `-`, `.`, `/` and
 * camelCase (`listPullRequests` → list, pull, requests), lower-cased. Runs of CJK characters
 * become overlapping pairs, so "天气预报" matches "天气" without a dictionary.
 */
export function tokenizeForSearch(text: string): string[] {
  const spaced = text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').toLowerCase();
  const out: string[] = [];
  for (const word of spaced.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    if (!CJK.test(word)) {
      out.push(word);
      continue;
    }
    out.push(...cjkPairs(word));
  }
  return out;
}

/** One term as it is indexed and searched: stop words dropped, English words stemmed. */
export function normalizeTerm(term: string): string | null {
  if (STOP_WORDS.has(term)) return null;
  // The Porter stemmer folds crashing → crash, queries → queri; other scripts pass unchanged.
  return /^[a-z]+$/.test(term) ? stemmer(term) : term;
}

const CJK_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

function cjkPairs(word: string): string[] {
  const out: string[] = [];
  // Latin letters stuck to CJK ("API密钥") stay a word of their own.
  for (const run of word.match(CJK_RUNS) ?? []) {
    if (!CJK.test(run)) {
      out.push(run);
      continue;
    }
    const chars = run.match(/./gsu) ?? [];
    if (chars.length === 1) out.push(run);
    for (let i = 1; i < chars.length; i++) out.push(`${chars[i - 1] ?? ''}${chars[i] ?? ''}`);
  }
  return out;
}
