/**
 * Words for a verification that broke in the Worker. Running out of memory shows up as raw
 * engine text ("Array buffer allocation failed", "Invalid string length", "Data cannot be
 * cloned, out of memory."): say what it means and what to do instead.
 */
const OUT_OF_MEMORY =
  /out of memory|allocation failed|invalid (array|string|typed array) length|array buffer allocation|maximum call stack/i;

export function workerFailureText(raw: string): string {
  if (OUT_OF_MEMORY.test(raw))
    return 'The verification ran out of memory in this browser tab: the input is too large to verify here at once. Verify fewer files at a time, or use the command line (npm run verify -- FILE…), which is not bound by a tab’s memory.';
  return raw;
}
