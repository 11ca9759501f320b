import { Badge } from '@/client/components/ui/badge'
import { Switch } from '@/client/components/ui/switch'

/** 'Actif' / 'Inactif' (feminine for a city or a zone). */
export function ActiveBadge({ active, feminine }: { active: boolean; feminine?: boolean }) {
  return (
    <Badge variant={active ? 'success' : 'outline'}>
      {active ? (feminine ? 'Active' : 'Actif') : feminine ? 'Inactive' : 'Inactif'}
    </Badge>
  )
}

/** The part of an update mutation a row's switch uses (TanStack Query's useMutation answer). */
type ActiveUpdate = {
  isPending: boolean
  variables?: { id?: unknown }
  mutate(input: { id: number; isActive: boolean }): void
}

/**
 * A row's on/off switch for a place (country, city, zone, slot): read out 'Activer le pays
 * Sénégal' or 'Désactiver …' from `what`, held while this row's own update is on its way.
 */
export function ActiveSwitch({
  id,
  active,
  update,
  what,
}: {
  id: number
  active: boolean
  update: ActiveUpdate
  what: string
}) {
  return (
    <Switch
      checked={active}
      disabled={update.isPending && update.variables?.id === id}
      onCheckedChange={(isActive) => update.mutate({ id, isActive })}
      label={`${active ? 'Désactiver' : 'Activer'} ${what}`}
    />
  )
}
