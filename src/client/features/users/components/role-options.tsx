import { roleLabels, type Role } from '@/shared/domain/roles'

/** The options of a role select: the roles offered, each by its French name. */
export function RoleOptions({ roles }: { roles: readonly Role[] }) {
  return roles.map((r) => (
    <option key={r} value={r}>
      {roleLabels[r]}
    </option>
  ))
}
