// The web shell's Node flags: `npm run web` starts it with them, and so does the bench that
// times it. Node lets the young generation grow to 32 MB semispaces (a new space of ~67 MB)
// under a burst of allocation, such as thirty servers starting at once, and the process keeps
// that memory: the shell's resident size rose 0.6–0.7 MB for every server from 10 to 30. With
// 8 MB semispaces it rose about 0.3 MB a server, and the idle shell held ~10 MB less (4 MB
// halved that again but seemed to slow a 10 MB tool result on its way to a window).
export const WEB_SHELL_NODE_FLAGS = Object.freeze(['--max-semi-space-size=8']);
