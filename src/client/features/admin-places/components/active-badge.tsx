import { Badge } from '@/client/components/ui/badge'

/** 'Actif' / 'Inactif' (feminine for a city or a zone). */
export function ActiveBadge({ active, feminine }: { active: boolean; feminine?: boolean }) {
  return (
    <Badge variant={active ? 'success' : 'outline'}>
      {active ? (feminine ? 'Active' : 'Actif') : feminine ? 'Inactive' : 'Inactif'}
    </Badge>
  )
}
