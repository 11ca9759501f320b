import { createContactMessage } from '../../factories'
import { STAFF, MANAGERS, ROOT, next, ids, account, userCountry, type Policy } from './shared'

/** Users, contact messages and countries. */
export const userPolicies: Record<string, Policy> = {
  // ---- users -------------------------------------------------------------------------------
  'GET /_api/admin/users': {
    who: STAFF,
    scope: 'list',
    rule: 'Who may do what: users list: root all, super_admin own country, admin clients and drivers of own country',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
    listed: (b) => ({ kind: 'user', ids: ids(b.users) }),
  },
  'GET /_api/admin/userhistory': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: users history: root all, super_admin own country, admin clients and drivers of own country',
    input: ({ f, cc }) => ({ userId: f[cc].customer.id }),
  },
  'POST /_api/admin/create-user': {
    who: STAFF,
    scope: 'forced-own',
    rule: 'Who may do what: users create: root any role but user; super_admin, admin in their own country',
    input: ({ f, cc }) => ({ ...account(f, cc), role: 'delivery_driver' }),
    created: userCountry,
  },
  'POST /_api/admin/create-delivery-driver': {
    who: STAFF,
    scope: 'forced-own',
    rule: 'Who may do what: users create (delivery_driver): root, super_admin and admin (own country)',
    input: ({ f, cc }) => account(f, cc),
    created: userCountry,
  },
  'POST /_api/admin/create-super-admin': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: create super admin: root',
    input: ({ f, cc }) => account(f, cc),
    created: userCountry,
  },
  'GET /_api/admin/super-admins': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: root dashboard (its super-admin list): root',
    input: ({ f, cc }) => ({ country: f[cc].country.name }),
  },
  'POST /_api/admin/users/update': {
    who: MANAGERS,
    scope: 'country',
    rule: 'Who may do what: users edit: root all but other roots, super_admin own country; admin –',
    input: ({ f, cc }) => {
      const c = f[cc].customer
      return {
        userId: c.id,
        email: c.email,
        displayName: c.displayName,
        phoneNumber: c.phoneNumber,
        city: c.city,
        country: f[cc].country.name,
        role: 'client',
      }
    },
  },
  'POST /_api/admin/users/toggle-status': {
    who: STAFF,
    scope: 'country',
    rule: 'Who may do what: users activate or deactivate: root all, super_admin those it may edit, admin drivers and clients of own country',
    input: ({ f, cc }) => ({ userId: f[cc].customer.id, isActive: true }),
  },
  'POST /_api/admin/users/set-discount': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: custom discount: root',
    input: ({ f, cc }) => ({ userId: f[cc].customer.id, discountPercent: 5 }),
  },
  // ---- contact messages (root) -------------------------------------------------------------
  'GET /_api/admin/settings': {
    who: ROOT,
    scope: 'global',
    rule: 'Weigh-in: the shop’s settings (the tolerance) are root’s',
    input: () => ({}),
  },
  'POST /_api/admin/settings/update': {
    who: ROOT,
    scope: 'global',
    rule: 'Weigh-in: root sets the tolerance',
    input: () => ({ weighTolerancePercent: 10 }),
  },
  'GET /_api/admin/contact-messages': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: contact messages: root',
    input: () => ({}),
  },
  'POST /_api/admin/contact-messages/update-status': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: contact messages: root',
    input: ({ f }) => ({ messageId: f.message.id, status: 'read' }),
  },
  'POST /_api/admin/contact-messages/open': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: contact messages: root (opening one marks it read)',
    input: ({ f }) => ({ messageId: f.message.id }),
  },
  'POST /_api/admin/contact-messages/delete': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: contact messages: root (Deleting: read or processed ones)',
    input: async ({ f, reaches }) => ({
      messageId: reaches ? (await createContactMessage(f.db, { status: 'read' })).id : f.message.id,
    }),
  },
  // ---- countries (root) --------------------------------------------------------------------
  'GET /_api/admin/countries': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: countries: root',
    input: () => ({}),
  },
  'POST /_api/admin/countries': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: countries create: root',
    input: () => {
      const i = next()
      return {
        name: `Pays matrice ${i}`,
        code: `${'QXZ'[Math.floor(i / 26) % 3]}${String.fromCharCode(65 + (i % 26))}`,
        currency: 'XOF',
        mobileMoneyProviders: ['Orange Money'],
      }
    },
  },
  'POST /_api/admin/countries/update': {
    who: ROOT,
    scope: 'global',
    rule: 'Who may do what: countries edit, toggle: root',
    input: ({ f, cc }) => ({ id: f[cc].country.id, isActive: true }),
  },
}
