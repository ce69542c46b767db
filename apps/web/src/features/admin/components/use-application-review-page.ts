import { useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { useApplicationReview } from '../api/application-review.ts';
import { reviewQueuePath } from '../api/review-queue.ts';

/** The application named in the address, and the reload that follows a decision. */
export function useApplicationReviewPage() {
  const { id } = useParams();
  const { data: application, error, isLoading, mutate } = useApplicationReview(id);
  const { mutate: mutateAll } = useSWRConfig();

  // The cached queue pages are dropped, not shown stale: the decided row must not linger there.
  const reload = () =>
    Promise.all([mutate(), mutateAll((key) => Array.isArray(key) && key[0] === reviewQueuePath, undefined, { revalidate: false })]);

  return { application, error, isLoading, mutate, reload };
}
