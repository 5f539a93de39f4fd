// The web shell's Node flags: `npm run web` starts it with them, and so does the bench that
// times it. Node lets the young generation grow to 16 MB semispaces (a new space of ~67 MB)
// under a burst of allocation, such as thirty servers starting at once, and the process keeps
// that memory: the shell's resident size rose 0.6–0.7 MB for every server from 10 to 30. With
// 4 MB semispaces it rose 0.2 MB a server, and the idle shell held ~15 MB less.
export const WEB_SHELL_NODE_FLAGS = Object.freeze(['--max-semi-space-size=4']);
