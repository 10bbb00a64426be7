/** the first of TypeBox's errors as one short sentence for the operator's log */
export function firstSchemaError(errors: Iterable<{ instancePath: string; message: string }>): string {
  for (const error of errors) return `unexpected body at '${error.instancePath || '/'}': ${error.message}`;
  return 'unexpected body';
}
