import { RestError } from '../errors';

/** The RestError `fn` throws (the unit tests' way to look at an error answer). */
export function failure(fn: () => unknown): RestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}
