import { Alert, Button } from '@mantine/core';
import { Link } from 'react-router';

/** What a visitor is told once a step is done (signed up, password set), and the way on to Sign In. */
export function DoneNotice({ text, signIn }: { text: string; signIn: string }) {
  return (
    <>
      <Alert color="green" variant="light" role="status">
        {text}
      </Alert>
      <Button component={Link} to="/auth/login">
        {signIn}
      </Button>
    </>
  );
}
