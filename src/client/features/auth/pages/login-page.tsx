import { Link } from 'react-router'
import { gates } from '@/client/lib/login-gates'
import { AuthCard } from '../components/auth-card'
import { LoginForm } from '../components/login-form'

type Other = { question: string; to: string; label: string }
type Door = { title: string; subtitle: string; others: Other[] }

const register: Other = { question: 'Pas encore de compte ?', to: '/register', label: 'Créer un compte' }
const asClient: Other = { question: 'Vous êtes client ?', to: '/client/login', label: 'Connexion client' }

/** The three sign-in pages: one form, each with its gate (src/client/lib/login-gates.ts) and texts. */
const doors = {
  client: {
    title: 'Connexion client',
    subtitle: 'Connectez-vous pour commander et suivre vos livraisons.',
    others: [
      register,
      { question: 'Vous êtes livreur ?', to: '/delivery/login', label: 'Connexion livreur' },
    ],
  },
  delivery: {
    title: 'Connexion livreur',
    subtitle: 'Accédez à vos livraisons du jour.',
    others: [register, asClient],
  },
  employee: {
    title: 'Espace employé',
    subtitle: 'Administrateurs et livreurs : connectez-vous à votre espace.',
    others: [asClient],
  },
} satisfies Record<'client' | 'delivery' | 'employee', Door>

function LoginPage({ door }: { door: keyof typeof doors }) {
  const { title, subtitle, others } = doors[door]
  return (
    <AuthCard
      title={title}
      subtitle={subtitle}
      footer={others.map((o) => (
        <p key={o.to}>
          {o.question}{' '}
          <Link to={o.to} className="font-medium text-brand hover:underline">
            {o.label}
          </Link>
        </p>
      ))}
    >
      <LoginForm gate={gates[door]} />
      <p className="text-right text-sm">
        <Link to={`/forgot-password?door=${door}`} className="font-medium text-brand hover:underline">
          Mot de passe oublié ?
        </Link>
      </p>
    </AuthCard>
  )
}

export const ClientLoginPage = () => <LoginPage door="client" />
export const DeliveryLoginPage = () => <LoginPage door="delivery" />
export const EmployeeLoginPage = () => <LoginPage door="employee" />
