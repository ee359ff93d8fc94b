import { Spinner } from '@/components/ui/spinner';

export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading page..." showLabel />
    </div>
  );
}
