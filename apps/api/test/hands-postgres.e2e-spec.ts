import { describeCompleteHands } from './test-support/complete-hands';

describeCompleteHands('postgres');
