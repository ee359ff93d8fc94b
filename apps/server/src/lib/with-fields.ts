// `{ ...base, extra: … }` for the objects a reply keeps while it streams and the rows read for every message.
//
// On Node 20's V8 (11.3) an object literal that spreads an object and then adds properties gets a hidden class of its
// own each time: 487 of 500 such objects had distinct classes in a test, and V8's map log counted about 40 classes
// made per chat message by such literals (docs/performance.md, "Memory per held stream"). A class and its descriptor
// array take about 1 KB for a character row, for as long as the object lives, and only a full collection frees them.
// `Object.assign` onto a fresh object builds the same value without a class of its own (from a fast object, the
// copy shares its classes with every other copy; from a row Drizzle built with more than 16 columns, which V8 keeps
// as a dictionary, the copy is a dictionary too).
export function withFields<T extends object, U extends object>(base: T, extra: U): Omit<T, keyof U> & U {
  return Object.assign({}, base, extra);
}
