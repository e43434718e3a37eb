/** Query keys of the Account security page. */
export const securityKeys = {
  all: ['account-security'] as const,
  factors: (userId: string | null) => [...securityKeys.all, 'factors', userId] as const,
};
