import { toast } from '@/client/lib/toast'
import { staffErrorText } from '@/client/lib/error-text'
import type { PostInput, PostOutput, PostPath } from '@/client/lib/api'
import type { PlaceFeedback } from '@/client/lib/staff-places'

/**
 * What the places screens say of a place created (`done`), or of a failure with the server's
 * reason (lib/error-text.ts, chosen by the error's code).
 */
export function created<P extends PostPath>(done: (answer: PostOutput<P>) => string): PlaceFeedback<P> {
  return {
    onSuccess: (answer) => toast.success(done(answer)),
    onError: (e) => toast.error(`Erreur lors de la création: ${staffErrorText(e)}`),
  }
}

/**
 * The same for a place changed: `saved` when its form was saved, `switched` when its switch
 * (de)activated it (the input then carries `isActive` alone).
 */
export function updated<P extends PostPath>(words: {
  saved: (answer: PostOutput<P>) => string
  switched: (answer: PostOutput<P>) => string
}): PlaceFeedback<P> {
  return {
    onSuccess: (answer, input: PostInput<P>) =>
      toast.success(
        (input as { isActive?: boolean }).isActive === undefined
          ? words.saved(answer)
          : words.switched(answer),
      ),
    onError: (e) => toast.error(`Erreur lors de la mise à jour: ${staffErrorText(e)}`),
  }
}
