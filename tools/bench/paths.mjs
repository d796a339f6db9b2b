// Where things are: the repository root and the git-ignored bench cache.
export const ROOT = new URL('../../', import.meta.url).pathname;
export const CACHE = `${ROOT}.cache/bench`;
