// The page's own limits. The page reads at most PAGE_MAX_CHARS of a long paste (kept whole in the
// box; compute.js cuts it, the status view says so); the analysis keeps the first maxTokens
// tokens of it (the core's default, with a note), which come long before.
export const PAGE_MAX_CHARS = 100000;
