import { AuthHeading, AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  return (
    <AuthLayout>
      <AuthHeading title="Welcome Back" subtitle="Sign in to your account to continue" />
      <LoginForm />
    </AuthLayout>
  );
}
