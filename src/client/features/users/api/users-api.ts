import { formatPercent } from '@/shared/format'
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { toast } from '@/client/lib/toast'
import type { CallOutput } from '@/shared/calls/define-call'
import type { userCalls } from '@/shared/calls/users'
import type {
  AdminUser,
  CreateUserInput,
  setDiscountInput,
  toggleUserStatusInput,
  updateUserInput,
} from '@/shared/schemas/users'
import type { z } from '@/shared/schemas/zod'
import { api, ApiError, errorMessage } from '@/client/lib/api'
import { callKey, queryOptionsFor, queryPickFor } from '@/client/lib/queries'

/** The users lists, and every call that shows a user: what a change to one makes stale. */
const listsKey = callKey('/_api/admin/users')
const userCallKeys = [listsKey, callKey('/_api/admin/userhistory'), callKey('/_api/admin/super-admins')]

const refreshUsers = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all(userCallKeys.map((queryKey) => qc.invalidateQueries({ queryKey })))

/** The users list does not retry on a 403 or 404, at most twice otherwise. */
const usersRetry = (count: number, e: Error) =>
  !(e instanceof ApiError && [403, 404].includes(e.status)) && count < 2

export function useAdminUsers(country?: string) {
  return useQuery({
    ...queryPickFor('/_api/admin/users', { country }, (answer) => answer.users),
    retry: usersRetry,
  })
}

export type UserHistory = CallOutput<typeof userCalls.history>
export function useUserHistory(userId: number) {
  return useQuery({
    ...queryOptionsFor('/_api/admin/userhistory', { userId }),
    enabled: Number.isInteger(userId) && userId > 0,
  })
}

/** Applies a change to the user in every cached list at once; gives back what to restore. */
function patchLists(
  qc: ReturnType<typeof useQueryClient>,
  userId: number,
  patch: (u: AdminUser) => AdminUser,
) {
  const saved: [QueryKey, AdminUser[] | undefined][] = qc.getQueriesData<AdminUser[]>({ queryKey: listsKey })
  for (const [key, list] of saved) {
    if (list)
      qc.setQueryData<AdminUser[]>(
        key,
        list.map((u) => (u.id === userId ? patch(u) : u)),
      )
  }
  return () => saved.forEach(([key, list]) => qc.setQueryData(key, list))
}

export function useCreateUser(kind: 'user' | 'driver' | 'super-admin' = 'user') {
  const qc = useQueryClient()
  return useMutation({
    // A driver's and a super_admin's calls fix the role: the form's is not sent.
    mutationFn: ({ role, ...account }: CreateUserInput) =>
      kind === 'user'
        ? api.post('/_api/admin/create-user', { ...account, role })
        : kind === 'driver'
          ? api.post('/_api/admin/create-delivery-driver', account)
          : api.post('/_api/admin/create-super-admin', account),
    onSuccess: () => refreshUsers(qc),
  })
}

/** Edit applied at once and rolled back on failure. */
export function useUpdateUser() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: z.output<typeof updateUserInput>) => api.post('/_api/admin/users/update', input),
    onMutate: async (input) => {
      await qc.cancelQueries({ queryKey: listsKey })
      const { userId, ...fields } = input
      return { restore: patchLists(qc, userId, (u) => ({ ...u, ...fields })) }
    },
    onError: (e, _input, ctx) => {
      ctx?.restore()
      toast.error(`Échec de la mise à jour de l'utilisateur: ${errorMessage(e, 'Failed to update user')}`)
    },
    onSuccess: ({ user }) => toast.success(`L'utilisateur "${user.displayName}" a été mis à jour.`),
    onSettled: () => refreshUsers(qc),
  })
}

export function useToggleUser() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: z.output<typeof toggleUserStatusInput>) =>
      api.post('/_api/admin/users/toggle-status', input),
    onMutate: async ({ userId, isActive }) => {
      await qc.cancelQueries({ queryKey: listsKey })
      return { restore: patchLists(qc, userId, (u) => ({ ...u, isActive })) }
    },
    onError: (e, _input, ctx) => {
      ctx?.restore()
      toast.error(errorMessage(e, 'Une erreur est survenue lors de la mise à jour du statut.'))
    },
    onSuccess: () => toast.success("Le statut de l'utilisateur a été mis à jour."),
    onSettled: () => refreshUsers(qc),
  })
}

export function useSetDiscount() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: z.output<typeof setDiscountInput>) =>
      api.post('/_api/admin/users/set-discount', input),
    onSuccess: ({ user }) => {
      toast.success(
        user.customDiscountPercent == null || user.customDiscountPercent === 0
          ? `Rabais de ${user.displayName} supprimé.`
          : `Rabais de ${user.displayName} fixé à ${formatPercent(user.customDiscountPercent)}.`,
      )
      return refreshUsers(qc)
    },
    onError: (e) => toast.error(`Error: ${errorMessage(e)}`),
  })
}
