import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { assetKeys } from '@/features/assets/api/keys';
import { assetErrorDescription } from '@/features/assets/utils/asset-errors';
import { useAccessCheckedWrite } from '@/lib/use-access-checked-write';

interface AssetMutationOptions<Input, Output> {
  run(input: Input): Promise<Output>;
  /** The toast after success (none when absent). */
  success?: (output: Output, input: Input) => string | null;
  /** The toast title of a failure. */
  failure: string;
  /** false: the caller shows the failure itself (e.g. a refused delete lists where the asset is used). */
  toastOnError?: (error: Error) => boolean;
}

/**
 * A write of the asset library (Supabase Studio's mutation shape): checked for lost access, the library's queries
 * read again afterwards (lists, figures, the open asset, the approved assets other modules pick from), a toast
 * saying what happened, the error's own words on failure.
 */
export function useAssetMutation<Input, Output>({ run, success, failure, toastOnError }: AssetMutationOptions<Input, Output>) {
  const queryClient = useQueryClient();
  const checked = useAccessCheckedWrite();
  return useMutation({
    mutationFn: (input: Input) => checked(() => run(input)),
    onSuccess: (output, input) => {
      const message = success?.(output, input);
      if (message) toast.success(message);
    },
    onError: (error) => {
      console.error(`${failure}:`, error);
      if (toastOnError?.(error) === false) return;
      toast.error(failure, { description: assetErrorDescription(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}
