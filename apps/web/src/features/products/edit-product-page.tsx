import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ProductForm, productToValues } from './product-form';
import { editProduct, fetchProduct, productKey, productsChanged, type AdminProduct } from './products-api';

/** /admin/edit-product/{id}: the product form filled from GET /api/product/{id}. */
export function EditProductPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const product = useQuery({
    queryKey: productKey(id),
    queryFn: () => fetchProduct(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });

  if (!Number.isInteger(id) || id <= 0 || isApiError(product.error, 404)) {
    return (
      <div className="card shadow-sm admin-form-card">
        <div className="card-body">
          <p className="mb-2">{t('adminCatalog.form.notFound')}</p>
          <Link to="/admin/products">{t('adminCatalog.form.back')}</Link>
        </div>
      </div>
    );
  }

  const save = async (body: FormData) => {
    const saved = await editProduct(id, body);
    queryClient.setQueryData(productKey(id), saved);
    await productsChanged(queryClient);
    toast.success(t('adminCatalog.form.updated'));
    await navigate('/admin/products');
  };

  return (
    <QueryState query={product}>
      {(data: AdminProduct) => (
        <ProductForm
          key={id}
          mode="edit"
          initial={productToValues(data)}
          currentImage={data.image_large ?? data.image}
          onSave={save}
        />
      )}
    </QueryState>
  );
}
