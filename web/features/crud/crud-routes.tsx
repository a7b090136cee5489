export { default } from '../../components/pending-page';
