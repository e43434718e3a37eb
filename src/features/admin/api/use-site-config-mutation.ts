import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useSiteConfig } from '@/lib/site-config';
import { adminFailureDescription } from './failure-description';
import { adminKeys } from './keys';

interface SiteConfigMutationOptions<TInput, TResult> {
  mutationFn: (input: TInput) => Promise<TResult>;
  success: string | ((result: TResult, input: TInput) => string);
  failure: string;
}

/**
 * A change of the menu or the admin pages: success and failure toasts of spec §8, then the editors, the admin
 * navigation and the site header all reload, so they show the stored state without a page reload (also after a
 * failure, which may have changed part of a batch).
 */
export function useSiteConfigMutation<TInput, TResult>({ mutationFn, success, failure }: SiteConfigMutationOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  const siteConfig = useSiteConfig();
  return useMutation({
    mutationFn,
    onSuccess: async (result, input) => {
      // Awaited: the mutation stays pending until the lists show the new state (no flash of the old one).
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      toast.success(typeof success === 'function' ? success(result, input) : success);
    },
    onError: (error) => {
      toast.error(failure, { description: adminFailureDescription(error) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onSettled: () => {
      void siteConfig.refresh();
    },
  });
}
