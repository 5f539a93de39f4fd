// The web shell's Node flags: `npm run web` starts it with them, and so do the end-to-end tests
// and the bench that times it. Node lets the young generation grow to 32 MB semispaces (a new
// space of ~64 MB) under a burst of allocation, such as thirty servers starting at once, and the
// process keeps that memory: the shell's resident size rose 0.5–0.6 MB for every server, where
// the servers' own live objects take about 0.1 MB each. With 4 MB semispaces it rises about
// 0.15 MB a server and the idle shell holds ~20 MB less. The host's steady work is small
// messages; a large tool result is read into buffers and decoded into one string, outside the
// young generation either way.
export const WEB_SHELL_NODE_FLAGS = Object.freeze(['--max-semi-space-size=4']);
