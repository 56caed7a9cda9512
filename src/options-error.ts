/**
 * Options a command cannot work with (an output folder a build must not replace, an unknown
 * scaffold, a bad flag value): its message says what to do instead. The CLI prints it as a usage
 * error (exit 2); nothing has been written when it is thrown.
 */
export class OptionsError extends Error {}
