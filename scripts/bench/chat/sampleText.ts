import type { Random } from '../../../main/testing/seededRandom';

const WORDS = (
  'server tool result request the a of to and in is that for with it on as this be by ' +
  'config file path timeout retry cache token stream message history approval grant schema ' +
  'value list error status process quickly carefully because however then also which when'
).split(' ');

const QUESTIONS = [
  'How do I configure a filesystem server so it can only read my projects folder?',
  'Why does the echo tool time out after thirty seconds on my machine?',
  'Can you summarize what changed in the last three commits of the repository?',
  'Write a small script that lists every running server and its PID.',
  'What is the difference between a resource and a tool in MCP?',
  'Please check the config for mistakes and explain each one.',
];

const LANGUAGES = ['ts', 'python', 'bash', 'json'] as const;

const CODE: Record<(typeof LANGUAGES)[number], string> = {
  ts: 'const servers = await host.listServers();\nfor (const s of servers) {\n  console.log(`${s.name}: ${s.status}`);\n}',
  python:
    'import json\n\nwith open("servers.json") as f:\n    config = json.load(f)\nprint(sorted(config["mcpServers"]))',
  bash: 'ps -eo pid,comm | grep node\nkill -TERM "$PID" && echo stopped',
  json: '{\n  "mcpServers": {\n    "files": { "command": "npx", "args": ["server-filesystem", "~/src"] }\n  }\n}',
};

function pick<T>(random: Random, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick: empty list');
  return item;
}

function sentence(random: Random): string {
  const count = 8 + Math.floor(random() * 14);
  const words = Array.from({ length: count }, () => pick(random, WORDS));
  // A little inline Markdown in some sentences, as model answers have.
  const at = Math.floor(random() * words.length);
  const roll = random();
  if (roll < 0.2) words[at] = `\`${words[at] ?? 'value'}\``;
  else if (roll < 0.35) words[at] = `**${words[at] ?? 'value'}**`;
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: Random): string {
  const count = 2 + Math.floor(random() * 4);
  return Array.from({ length: count }, () => sentence(random)).join(' ');
}

/** A person's message: a question, sometimes with a line of context (80–400 characters). */
export function sampleUserText(random: Random): string {
  const question = pick(random, QUESTIONS);
  return random() < 0.5 ? question : `${question} ${sentence(random)} ${sentence(random)}`;
}

/**
 * A model's answer of realistic length (roughly 400–2,500 characters) with the Markdown that
 * answers contain: paragraphs, a heading, a list, inline code and bold, and now and then a
 * fenced code block in a named language (highlighted) or a small table.
 */
export function sampleAssistantText(random: Random): string {
  const parts = [paragraph(random)];
  if (random() < 0.4) parts.push(`### ${sentence(random).slice(0, 40)}`);
  if (random() < 0.6) {
    const items = 2 + Math.floor(random() * 4);
    parts.push(Array.from({ length: items }, () => `- ${sentence(random)}`).join('\n'));
  }
  if (random() < 0.35) {
    const language = pick(random, LANGUAGES);
    parts.push(`\`\`\`${language}\n${CODE[language]}\n\`\`\``);
  }
  if (random() < 0.1) {
    parts.push(
      '| server | status | tools |\n|---|---|---|\n| files | ready | 11 |\n| echo | ready | 3 |',
    );
  }
  parts.push(paragraph(random));
  return parts.join('\n\n');
}
