/** Wrong usage of the CLI (a bad flag value, an unknown kind): its message is printed and the exit code is 2. */
export class UsageError extends Error {}
