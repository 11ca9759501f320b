import { Link } from 'react-router'
import { AuthCard } from '../components/auth-card'
import { gates } from '../components/gates'
import { LoginForm } from '../components/login-form'

export default function EmployeeLoginPage() {
  return (
    <AuthCard
      title="Espace employé"
      subtitle="Administrateurs et livreurs : connectez-vous à votre espace."
      footer={
        <p>
          Vous êtes client ?{' '}
          <Link to="/client/login" className="font-medium text-brand hover:underline">
            Connexion client
          </Link>
        </p>
      }
    >
      <LoginForm gate={gates.employee} />
    </AuthCard>
  )
}
