import { Link } from 'react-router'
import { AuthCard } from '../components/auth-card'
import { gates } from '../components/gates'
import { LoginForm } from '../components/login-form'

export default function ClientLoginPage() {
  return (
    <AuthCard
      title="Connexion client"
      subtitle="Connectez-vous pour commander et suivre vos livraisons."
      footer={
        <>
          <p>
            Pas encore de compte ?{' '}
            <Link to="/register" className="font-medium text-brand hover:underline">
              Créer un compte
            </Link>
          </p>
          <p>
            Vous êtes livreur ?{' '}
            <Link to="/delivery/login" className="font-medium text-brand hover:underline">
              Connexion livreur
            </Link>
          </p>
        </>
      }
    >
      <LoginForm gate={gates.client} />
    </AuthCard>
  )
}
