/** The account the browser tests use as the operator: registered first, so it is id 1. */
export const OPERATOR = {
  displayName: 'Operator',
  username: 'operator',
  password: 'operator-pass',
} as const;
