/**
 * The JSON Schema annotation that states a value's rule in words: what a refused value is told.
 * The API's parameter schemas (http/schema.ts) and the dataset's fields (dataset/rules.ts) use it.
 */
export const RULE = 'x-rule'
