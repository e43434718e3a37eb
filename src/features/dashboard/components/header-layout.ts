/**
 * The signed-in header's layout, shared by DashboardHeader and the frame the served HTML paints before it
 * (`app-frame.tsx`): one set of classes, so the frame cannot drift from the header it stands in for.
 */
export const headerLayout = {
  row: 'container mx-auto flex items-center justify-between gap-3 px-4 pt-3 pb-1.5 lg:py-4',
  brandGroup: 'flex min-w-0 items-center gap-x-3 gap-y-1 max-lg:flex-col max-lg:items-start',
  brand: 'flex items-center gap-2 text-sm font-bold leading-tight sm:text-base lg:text-lg',
  badge: 'max-lg:ml-8 max-lg:px-2 max-lg:text-[11px]',
} as const;
