import { describe, expect, it } from 'vitest';
import { measureSearchRecall } from './measureSearchRecall';
import { loadLabelledQueries, searchableCatalogue } from './testing/catalogueFixture';
import { ToolSearchIndex, type SearchableTool } from './ToolSearchIndex';

const tool = (
  server: string,
  name: string,
  description: string,
  parameters: string[] = [],
): SearchableTool => ({ modelName: `${server}__${name}`, server, name, description, parameters });

const small = [
  tool('github', 'create_issue', 'Create a new issue in a repository.', ['owner', 'repo', 'title']),
  tool('github', 'listPullRequests', 'List pull requests of a repository.', ['owner', 'repo']),
  tool('weather', 'get_forecast', 'Daily weather forecast for a city.', ['city', 'days']),
  tool('calendar', 'create_event', 'Schedule a meeting on the calendar.', ['start', 'attendees']),
  tool('notes', '记录笔记', '保存一条新的笔记，稍后可以搜索。', ['内容']),
];

describe('ToolSearchIndex', () => {
  it('ranks by name, description and parameter words', () => {
    const index = new ToolSearchIndex(small);
    expect(index.search('weather forecast', 3)[0]?.modelName).toBe('weather__get_forecast');
    expect(index.search('attendees', 3)[0]?.modelName).toBe('calendar__create_event');
    // camelCase names are split into words
    expect(index.search('pull requests', 3)[0]?.modelName).toBe('github__listPullRequests');
  });

  it('stems, matches prefixes, and reads everyday words as API words', () => {
    const index = new ToolSearchIndex(small);
    expect(index.search('forecasts', 1)[0]?.modelName).toBe('weather__get_forecast');
    expect(index.search('calend', 1)[0]?.modelName).toBe('calendar__create_event');
    // "bug" stands in for issue, "open" for create
    expect(index.search('open a bug', 1)[0]?.modelName).toBe('github__create_issue');
  });

  it('finds Chinese text by pairs of characters', () => {
    const index = new ToolSearchIndex(small);
    expect(index.search('笔记', 1)[0]?.modelName).toBe('notes__记录笔记');
    expect(index.search('搜索笔记', 1)[0]?.modelName).toBe('notes__记录笔记');
  });

  it('returns nothing for empty queries, stop words alone or a zero limit', () => {
    const index = new ToolSearchIndex(small);
    expect(index.search('   ', 5)).toEqual([]);
    expect(index.search('the of and', 5)).toEqual([]);
    expect(index.search('forecast', 0)).toEqual([]);
  });

  it('keeps the first of two tools with the same model name', () => {
    const index = new ToolSearchIndex([
      tool('a', 'x', 'first alpha'),
      { ...tool('a', 'x', 'second beta'), modelName: 'a__x' },
    ]);
    expect(index.size).toBe(1);
    expect(index.search('beta', 5)).toEqual([]);
    expect(index.search('alpha', 5)[0]?.modelName).toBe('a__x');
  });

  it('finds the tool a person asks for in the 3,000-tool catalogue (top-5 recall ≥ 90%)', () => {
    const index = new ToolSearchIndex(searchableCatalogue());
    expect(index.size).toBe(3000);
    const queries = loadLabelledQueries();
    expect(queries.length).toBeGreaterThanOrEqual(100);
    const result = measureSearchRecall(index, queries, 5);
    expect(
      result.recall,
      JSON.stringify(result.misses.slice(0, 10), null, 1),
    ).toBeGreaterThanOrEqual(0.9);
  });
});
