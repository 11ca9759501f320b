import { Eye, Mail, MessageCircle, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { contactStatusLabels, contactStatuses, type ContactStatus } from '@/shared/domain/order-status'
import { isDeletableContactStatus, type ContactMessageRow } from '@/shared/schemas/contact-admin'
import { formatDateTime } from '@/shared/format'
import { whatsAppHref } from '@/shared/contact-links'
import { Badge } from '@/client/components/ui/badge'
import { Button } from '@/client/components/ui/button'
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog'
import { Dialog } from '@/client/components/ui/dialog'
import { Select } from '@/client/components/ui/field'
import { RowActions } from '@/client/components/ui/row-actions'
import { Td, Tr } from '@/client/components/ui/table'
import {
  useDeleteContactMessage,
  useOpenContactMessage,
  useUpdateContactStatus,
} from '../api/contact-messages-api'

/** 'Répondre' by e-mail: the sender's address, the subject answered, a greeting. */
const mailtoHref = (m: ContactMessageRow) =>
  `mailto:${m.email}?subject=${encodeURIComponent(`Re : ${m.subject}`)}&body=${encodeURIComponent(
    `Bonjour ${m.name},\n\n`,
  )}`
/** 'Répondre' on WhatsApp, when the sender's account has a number: a greeting naming its message. */
const whatsAppReply = (m: ContactMessageRow) =>
  m.phone
    ? whatsAppHref(m.phone, `Bonjour ${m.name}, nous avons bien reçu votre message « ${m.subject} ». `)
    : null

const variants = { new: 'warning', read: 'secondary', processed: 'success' } as const

function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return <Badge variant={variants[status]}>{contactStatusLabels[status]}</Badge>
}

/** One message: its status dropdown, the view dialog, delete (read or processed only) after confirmation. */
export function ContactMessageTableRow({ m }: { m: ContactMessageRow }) {
  const [viewing, setViewing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const update = useUpdateContactStatus()
  const remove = useDeleteContactMessage()
  const open = useOpenContactMessage()
  const wa = whatsAppReply(m)
  const view = () => {
    setViewing(true)
    // docs/rules/people.md#contact-inbox: opening a new message marks it read.
    if (m.status === 'new') open.mutate(m.id)
  }
  return (
    <Tr data-testid={`message-row-${m.id}`}>
      <Td>
        <p className="font-medium text-stone-900">{m.name}</p>
        <p className="text-xs text-stone-500">{m.email}</p>
      </Td>
      <Td className="md:max-w-64 md:truncate">{m.subject}</Td>
      <Td className="whitespace-nowrap text-stone-600">{formatDateTime(m.createdAt)}</Td>
      <Td data-testid="message-status">
        <ContactStatusBadge status={m.status} />
      </Td>
      <Td>
        <RowActions
          actions={[
            { label: `Voir le message #${m.id}`, text: 'Voir', icon: Eye, onClick: view },
            isDeletableContactStatus(m.status) && {
              label: `Supprimer le message #${m.id}`,
              text: 'Supprimer',
              icon: Trash2,
              destructive: true,
              onClick: () => setConfirming(true),
            },
          ]}
        >
          <div className="w-32">
            <Select
              aria-label={`Statut du message #${m.id}`}
              dense
              value={m.status}
              onChange={(e) => update.mutate({ messageId: m.id, status: e.target.value as ContactStatus })}
            >
              {contactStatuses.map((s) => (
                <option key={s} value={s}>
                  {contactStatusLabels[s]}
                </option>
              ))}
            </Select>
          </div>
        </RowActions>
        {viewing && (
          <Dialog
            open
            onOpenChange={setViewing}
            title={m.subject}
            description={`De ${m.name} <${m.email}> · ${formatDateTime(m.createdAt)}`}
          >
            <p className="text-sm whitespace-pre-wrap text-stone-800">{m.message}</p>
            <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
              <span className="mr-auto text-sm font-medium text-stone-700">Répondre :</span>
              <Button asChild variant="outline">
                <a href={mailtoHref(m)} aria-label={`Répondre à ${m.name} par e-mail`}>
                  <Mail className="h-4 w-4" aria-hidden /> E-mail
                </a>
              </Button>
              {wa ? (
                <Button asChild variant="outline">
                  <a
                    href={wa}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Répondre à ${m.name} sur WhatsApp`}
                  >
                    <MessageCircle className="h-4 w-4" aria-hidden /> WhatsApp
                  </a>
                </Button>
              ) : (
                <span className="text-xs text-stone-500">
                  WhatsApp : aucun numéro connu pour cette adresse
                </span>
              )}
              <Button variant="outline" onClick={() => setViewing(false)}>
                Fermer
              </Button>
            </div>
          </Dialog>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Supprimer ce message ?"
          description={`Le message #${m.id} de ${m.name} sera supprimé définitivement. Cette action est irréversible.`}
          confirmLabel="Supprimer"
          destructive
          pending={remove.isPending}
          onConfirm={() => remove.mutate(m.id, { onSettled: () => setConfirming(false) })}
        />
      </Td>
    </Tr>
  )
}
