import { Link } from 'react-router'
import { AuthCard } from '../components/auth-card'
import { gates } from '../components/gates'
import { LoginForm } from '../components/login-form'

export default function DeliveryLoginPage() {
  return (
    <AuthCard
      title="Connexion livreur"
      subtitle="Accédez à vos livraisons du jour."
      footer={
        <>
          <p>
            Pas encore de compte ?{' '}
            <Link to="/register" className="font-medium text-brand hover:underline">
              Créer un compte
            </Link>
          </p>
          <p>
            Vous êtes client ?{' '}
            <Link to="/client/login" className="font-medium text-brand hover:underline">
              Connexion client
            </Link>
          </p>
        </>
      }
    >
      <LoginForm gate={gates.delivery} />
    </AuthCard>
  )
}
