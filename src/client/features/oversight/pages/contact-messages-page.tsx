import { useState } from 'react'
import { contactStatusLabels, contactStatuses, type ContactStatus } from '@/shared/domain/order-status'
import { formatCount } from '@/shared/format'
import { Field, Select } from '@/client/components/ui/field'
import { PageHeader } from '@/client/components/ui/page-header'
import { Pager, totalPagesOf } from '@/client/components/ui/pager'
import { QueryState } from '@/client/components/ui/query-state'
import { SkeletonRows } from '@/client/components/ui/skeleton'
import { Table, TBody, Th, THead } from '@/client/components/ui/table'
import { CONTACT_PAGE_SIZE, useContactMessages } from '../api/contact-messages-api'
import { ContactMessageTableRow } from '../components/contact-message-row'

/** /admin/contact-messages: status filter, 15 a page, status, view and delete per message. */
export default function ContactMessagesPage() {
  const [status, setStatus] = useState<ContactStatus | ''>('')
  const [page, setPage] = useState(1)
  const q = useContactMessages(status || undefined, page)
  return (
    <>
      <PageHeader
        title="Messages de contact"
        description={
          q.data
            ? `${formatCount(q.data.total)} message(s)`
            : 'Messages envoyés depuis le formulaire de contact.'
        }
      />
      <div className="mb-4 max-w-xs">
        <Field label="Statut" htmlFor="status-filter">
          <Select
            id="status-filter"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ContactStatus | '')
              setPage(1)
            }}
          >
            <option value="">Tous</option>
            {contactStatuses.map((s) => (
              <option key={s} value={s}>
                {contactStatusLabels[s]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <QueryState
        query={q}
        loading={<SkeletonRows count={5} />}
        errorMessage={(e) => e.message || 'Failed to fetch contact messages'}
        empty="Aucun message trouvé"
        isEmpty={(d) => d.messages.length === 0}
      >
        {(d) => (
          <>
            <Table
              aria-label="Messages de contact"
              className={q.isPlaceholderData ? 'opacity-60' : undefined}
            >
              <THead>
                <tr>
                  <Th>Expéditeur</Th>
                  <Th>Sujet</Th>
                  <Th>Date</Th>
                  <Th>Statut</Th>
                  <Th className="text-right">Actions</Th>
                </tr>
              </THead>
              <TBody>
                {d.messages.map((m) => (
                  <ContactMessageTableRow key={m.id} m={m} />
                ))}
              </TBody>
            </Table>
            <Pager page={page} totalPages={totalPagesOf(d.total, CONTACT_PAGE_SIZE)} onPageChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  )
}
