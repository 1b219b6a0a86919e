import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';

export default function RegisterPage() {
  return (
    <AuthLayout>
      <RegisterForm />
    </AuthLayout>
  );
}
