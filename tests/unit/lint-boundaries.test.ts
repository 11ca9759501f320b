import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The lint rules that keep the layers apart (eslint.config.js) bite: probes that break them,
 * linted as if they stood in the tree, are refused.
 */
const eslint = new ESLint()
const rulesHit = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId)

describe('lint boundaries', () => {
  it('refuses a feature importing another feature’s insides by a relative path or the alias, and allows its components/', async () => {
    const file = 'src/client/features/checkout/components/probe.ts'
    expect(
      await rulesHit(
        file,
        "import { useAdminOrders } from '../../admin-orders/api/orders-api'\nexport const p = useAdminOrders\n",
      ),
    ).toContain('import-x/no-restricted-paths')
    expect(
      await rulesHit(
        file,
        "import { useAdminOrders } from '@/client/features/admin-orders/api/orders-api'\nexport const p = useAdminOrders\n",
      ),
    ).toContain('import-x/no-restricted-paths')
    expect(
      await rulesHit(
        file,
        "import { OrderStatusControl } from '@/client/features/admin-orders/components/order-status-control'\nexport const p = OrderStatusControl\n",
      ),
    ).toEqual([])
  }, 60_000)

  it('refuses a relative import beyond the parent folder: one import style, the @/ alias', async () => {
    const file = 'src/client/features/checkout/components/probe.ts'
    expect(await rulesHit(file, "import { api } from '../../../lib/api'\nexport const p = api\n")).toContain(
      'no-restricted-imports',
    )
    expect(await rulesHit(file, "import { api } from '@/client/lib/api'\nexport const p = api\n")).toEqual([])
    expect(
      await rulesHit(
        'src/server/services/probe.ts',
        "import { roles } from '../../shared/domain/roles'\nexport const p = roles\n",
      ),
    ).toContain('no-restricted-imports')
  }, 60_000)

  it('refuses the client importing the server, and shared importing either side', async () => {
    expect(
      await rulesHit(
        'src/client/lib/probe.ts',
        "import { loadConfig } from '../../server/config'\nexport const p = loadConfig\n",
      ),
    ).toContain('no-restricted-imports')
    expect(
      await rulesHit(
        'src/shared/probe.ts',
        "import { api } from '../client/lib/api'\nexport const p = api\n",
      ),
    ).toContain('no-restricted-imports')
  }, 60_000)

  it('refuses http/ or db/ importing services/, and allows api/ to', async () => {
    const code =
      "import { placeOrder } from '@/server/services/orders/checkout'\nexport const p = placeOrder\n"
    expect(await rulesHit('src/server/http/probe.ts', code)).toContain('import-x/no-restricted-paths')
    expect(await rulesHit('src/server/db/probe.ts', code)).toContain('import-x/no-restricted-paths')
    expect(await rulesHit('src/server/db/schema/probe.ts', code)).toContain('import-x/no-restricted-paths')
    expect(await rulesHit('src/server/api/orders/shop/probe.ts', code)).toEqual([])
  }, 60_000)

  it('refuses an import cycle', async () => {
    // services/orders/orders.ts is imported by services/orders/order-status.ts: importing it back closes a cycle.
    expect(
      await rulesHit(
        'src/server/services/orders-probe.ts',
        "import { changeOrderStatus } from './order-status'\nexport const p = changeOrderStatus\n",
      ),
    ).toEqual([])
    const code =
      "import { changeOrderStatus } from './order-status'\nexport const loadOrder = changeOrderStatus\n"
    // A file order-status.ts imports (orders.ts) that imports order-status.ts back is a cycle.
    expect(await rulesHit('src/server/services/orders/orders.ts', code)).toContain('import-x/no-cycle')
  }, 60_000)

  it('refuses services/ importing api/, web/, the app, its dependencies or the seed', async () => {
    const file = 'src/server/services/probe.ts'
    const from = async (path: string, name: string) =>
      rulesHit(file, `import { ${name} } from '${path}'\nexport const p = ${name}\n`)
    expect(await from('@/server/api/money/payments/notify', 'registerPaymentNotifications')).toContain(
      'import-x/no-restricted-paths',
    )
    expect(await from('@/server/web/pages', 'sendPage')).toContain('import-x/no-restricted-paths')
    expect(await from('@/server/app', 'createApp')).toContain('import-x/no-restricted-paths')
    expect(await from('@/server/deps', 'createDeps')).toContain('import-x/no-restricted-paths')
    expect(await from('@/server/seed', 'seed')).toContain('import-x/no-restricted-paths')
    expect(await from('@/server/db/client', 'openDatabase')).toEqual([])
  }, 60_000)

  it('refuses db/ and runtime/ importing http/, and http/ importing web/', async () => {
    const kernel = "import { HttpError } from '@/server/http/errors'\nexport const p = HttpError\n"
    expect(await rulesHit('src/server/db/probe.ts', kernel)).toContain('import-x/no-restricted-paths')
    expect(await rulesHit('src/server/runtime/probe.ts', kernel)).toContain('import-x/no-restricted-paths')
    const page = "import { sendPage } from '@/server/web/pages'\nexport const p = sendPage\n"
    expect(await rulesHit('src/server/http/probe.ts', page)).toContain('import-x/no-restricted-paths')
  }, 60_000)

  it('refuses the client’s lib/ and components/ importing a feature', async () => {
    const code =
      "import { OrderStatusControl } from '@/client/features/admin-orders/components/order-status-control'\nexport const p = OrderStatusControl\n"
    expect(await rulesHit('src/client/lib/probe.ts', code)).toContain('import-x/no-restricted-paths')
    expect(await rulesHit('src/client/components/probe.ts', code)).toContain('import-x/no-restricted-paths')
  }, 60_000)

  it('keeps the fakes out of the server, and the server’s code out of the fakes', async () => {
    const value =
      "import { startFakeProviders } from '@dev/fakes/payments'\nexport const p = startFakeProviders\n"
    expect(await rulesHit('src/server/services/money/payments/probe.ts', value)).toContain(
      '@typescript-eslint/no-restricted-imports',
    )
    const type = "import type { FakeProviders } from '@dev/fakes/payments'\nexport type P = FakeProviders\n"
    expect(await rulesHit('src/server/services/money/payments/probe.ts', type)).toEqual([])
    const ours =
      "import { waveSignature } from '../../src/server/services/money/payments/signatures'\nexport const p = waveSignature\n"
    expect(await rulesHit('dev/fakes/payments/probe.ts', ours)).toContain('no-restricted-imports')
  }, 60_000)

  it('refuses a feature setting aria-invalid by hand, and leaves the kit to', async () => {
    const code =
      'import { Input } from \'@/client/components/ui/field\'\nexport const p = <Input id="x" aria-invalid />\n'
    expect(await rulesHit('src/client/features/checkout/components/probe.tsx', code)).toContain(
      'no-restricted-syntax',
    )
    expect(await rulesHit('src/client/components/ui/probe.tsx', code)).toEqual([])
  }, 60_000)

  it('refuses reading the URL’s parameters or query string but through lib/page-url.ts (docs/rules/phones-offline.md#phone-first-load)', async () => {
    const page = 'src/client/features/checkout/pages/probe.tsx'
    for (const hook of ['useParams', 'useSearchParams'])
      expect(
        await rulesHit(page, `import { ${hook} } from 'react-router'\nexport const p = ${hook}\n`),
        hook,
      ).toContain('no-restricted-imports')
    // The router's other hooks stay open; the page reads its address through page-url.
    expect(
      await rulesHit(page, "import { useNavigate } from 'react-router'\nexport const p = useNavigate\n"),
    ).toEqual([])
    expect(
      await rulesHit(
        page,
        "import { usePageParams } from '@/client/lib/page-url'\nexport const p = usePageParams\n",
      ),
    ).toEqual([])
  }, 60_000)
})
