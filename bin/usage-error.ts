/** Wrong usage of the CLI (a bad flag value, an unknown kind): its message is printed and the exit code is 2. The API's `OptionsError`, by the CLI's name. */
export { OptionsError as UsageError } from '../src/options-error.ts';
